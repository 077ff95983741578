import HistoryItem from "./HistoryItem.jsx";
import * as ui from "../ui.js";

/** The list both the tool pages' panels and the history page show. `empty`, if given, is
 * shown instead of the documented 'No generation history yet' when there are no items (the
 * history page's filter that matches none: the user may well have history). */
export default function HistoryList({ items, loading, itemUrl, toolLabels = {}, empty = null }) {
  if (loading && items.length === 0) return <p className={ui.muted}>Loading history…</p>;
  if (items.length === 0) return empty || <p className={ui.muted}>No generation history yet</p>;
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <HistoryItem key={item.id} item={item} itemUrl={itemUrl} toolLabel={toolLabels[item.service_type] || item.service_type} />
      ))}
    </ul>
  );
}
