import { SpyResults } from "../components/OnDemand.jsx";
import ToolPage from "../components/ToolPage.jsx";
import { mountIsland } from "../lib/mount.js";

const TEXTS = {
  success: "Spy analysis complete!",
  failureTitle: "Analysis Failed",
  fallback: "An error occurred while running the spy analysis. Please try again.",
};

function SpyMasterPage(props) {
  return (
    <ToolPage
      {...props}
      texts={TEXTS}
      renderResult={(generation, headingRef) => <SpyResults output={generation.output} headingRef={headingRef} />}
    />
  );
}

mountIsland("spy-master", SpyMasterPage);
