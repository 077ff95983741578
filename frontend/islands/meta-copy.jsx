import { TipsCard } from "../components/Cards.jsx";
import { CopyVariations } from "../components/OnDemand.jsx";
import ToolPage from "../components/ToolPage.jsx";
import { mountIsland } from "../lib/mount.js";

const BEST_PRACTICES = [
  "Lead with the benefit your customer cares about most",
  "Keep headlines short: about 40 characters reads best on mobile",
  "Speak to one audience in their own words",
  "End the primary text with a clear call to action",
  "Run several variations and keep the one that performs",
];

function MetaCopyPage(props) {
  return (
    <ToolPage
      {...props}
      renderResult={(generation, headingRef) => (
        <CopyVariations output={generation.output} title="Generated META Copy Variations" headingRef={headingRef} />
      )}
      aside={<TipsCard title="Best Practices" items={BEST_PRACTICES} />}
    />
  );
}

mountIsland("meta-copy", MetaCopyPage);
