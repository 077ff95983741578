import { SpyResults } from "../components/OnDemand.jsx";
import ToolPage from "../components/ToolPage.jsx";
import { mountIsland } from "../lib/mount.js";

function SpyMasterPage(props) {
  return (
    <ToolPage
      {...props}
      renderResult={(generation, headingRef) => <SpyResults output={generation.output} headingRef={headingRef} />}
    />
  );
}

mountIsland("spy-master", SpyMasterPage);
