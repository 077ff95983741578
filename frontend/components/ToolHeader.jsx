import { useState } from "react";
import { CreditsBar } from "./Cards.jsx";
import { HistoryPanel, OnDemand } from "./OnDemand.jsx";

/** The top of every tool page: the credits bar (balance, cost, Show/Hide History) and the
 * tool's history panel it opens. `historyVersion` changes when a run ends, so an open panel
 * lists it. */
export function ToolHeader({ tool, balance, cost, costNote, urls, toolLabels, historyVersion }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <>
      <CreditsBar
        balance={balance}
        cost={cost}
        costNote={costNote}
        billingUrl={urls.billing}
        historyOpen={historyOpen}
        onToggleHistory={() => setHistoryOpen((open) => !open)}
      />
      {historyOpen && (
        <OnDemand>
          <HistoryPanel serviceType={tool.serviceType} listUrl={urls.history} itemUrl={urls.historyItem} toolLabels={toolLabels} refreshKey={historyVersion} />
        </OnDemand>
      )}
    </>
  );
}
