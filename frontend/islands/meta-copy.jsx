import { TipsCard } from "../components/Cards.jsx";
import { CopyVariations } from "../components/OnDemand.jsx";
import ToolPage from "../components/ToolPage.jsx";
import { mountIsland } from "../lib/mount.js";

const TEXTS = {
  success: "Meta Copy generated successfully!",
  failureTitle: "Generation Failed",
  fallback: "An error occurred while generating your META copy. Please try again.",
  networkPrefix: true,
};

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
      texts={TEXTS}
      renderResult={(generation, headingRef) => (
        <CopyVariations output={generation.output} title="Generated META Copy Variations" headingRef={headingRef} />
      )}
      aside={<TipsCard title="Best Practices" items={BEST_PRACTICES} />}
    />
  );
}

mountIsland("meta-copy", MetaCopyPage);
