import { EditableCreative } from "../components/OnDemand.jsx";
import * as fieldWidgets from "../components/fieldWidgets.js";
import ToolPage from "../components/ToolPage.jsx";
import { mountIsland } from "../lib/mount.js";

const TEXTS = {
  success: "Meta Creative generated successfully!",
  failureTitle: "Generation Failed",
  fallback: "An error occurred while generating your Meta creative. Please try again.",
  networkPrefix: true,
};

function MetaCreativePage(props) {
  return (
    <ToolPage
      {...props}
      texts={TEXTS}
      widgets={fieldWidgets} // its form shows image and colour fields at once
      renderResult={(generation, headingRef) => (
        <EditableCreative
          generation={generation}
          title="Generated Meta Creative"
          editLabel="Add Text"
          appliedMessage="Text added to creative!"
          downloadName="meta-creative"
          headingRef={headingRef}
        />
      )}
    />
  );
}

mountIsland("meta-creative", MetaCreativePage);
