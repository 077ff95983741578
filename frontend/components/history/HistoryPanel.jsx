import HistoryList from "./HistoryList.jsx";
import { useHistoryList } from "./useHistoryList.js";
import * as ui from "../ui.js";

const PANEL_LIMIT = 10; // documented: history on a tool page shows the latest 10

/** A tool page's history: this tool's service type, newest 10. Reloads when `refreshKey`
 * changes (after a generation finishes). A failed read shows the empty list. */
export default function HistoryPanel({ serviceType, listUrl, itemUrl, toolLabels, refreshKey = 0 }) {
  const { items, loading } = useHistoryList(listUrl, { serviceType, limit: PANEL_LIMIT, refreshKey });

  return (
    <section aria-labelledby="history-panel-title" className={ui.card} id="history-panel">
      <h3 id="history-panel-title" className={`${ui.heading2} mb-3`}>
        Generation History
      </h3>
      <HistoryList items={items} loading={loading} itemUrl={itemUrl} toolLabels={toolLabels} />
    </section>
  );
}
