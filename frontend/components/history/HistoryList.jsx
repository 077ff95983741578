import HistoryItem from "./HistoryItem.jsx";
import * as ui from "../ui.js";

/** The list both the tool pages' panels and the history page show. */
export default function HistoryList({ items, loading, itemUrl, toolLabels = {} }) {
  if (loading && items.length === 0) return <p className={ui.muted}>Loading history…</p>;
  if (items.length === 0) return <p className={ui.muted}>No generation history yet</p>;
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <HistoryItem key={item.id} item={item} itemUrl={itemUrl} toolLabel={toolLabels[item.service_type] || item.service_type} />
      ))}
    </ul>
  );
}
