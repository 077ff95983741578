import { useEffect, useState } from "react";
import { api } from "../../lib/api.js";
import { withQuery } from "../../lib/urls.js";
import HistoryList from "./HistoryList.jsx";
import * as ui from "../ui.js";

const PANEL_LIMIT = 10; // documented: history on a tool page shows the latest 10

/** A tool page's history: this tool's service type, newest 10. Reloads when `refreshKey`
 * changes (after a generation finishes). A failed read shows the empty list. */
export default function HistoryPanel({ serviceType, listUrl, itemUrl, toolLabels, refreshKey = 0 }) {
  const [items, setItems] = useState([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api(withQuery(listUrl, { service_type: serviceType, limit: PANEL_LIMIT }))
      .then((data) => live && setItems(data?.results || []))
      .catch(() => live && setItems([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [listUrl, serviceType, refreshKey]);

  return (
    <section aria-labelledby="history-panel-title" className={ui.card} id="history-panel">
      <h3 id="history-panel-title" className={`${ui.heading2} mb-3`}>
        Generation History
      </h3>
      <HistoryList items={items} loading={loading} itemUrl={itemUrl} toolLabels={toolLabels} />
    </section>
  );
}
