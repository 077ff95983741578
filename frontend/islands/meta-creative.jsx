import { TipsCard } from "../components/Cards.jsx";
import { EditableCreative } from "../components/OnDemand.jsx";
import * as fieldWidgets from "../components/fieldWidgets.js";
import ToolPage from "../components/ToolPage.jsx";
import { mountIsland } from "../lib/mount.js";

// Our own guidance beside the form (the document gives the expected time: 2-3 minutes).
const TIPS = [
  "A clear product photo on a plain background makes the strongest creative.",
  "Use your brand's colours: a hex code like #59F7FF or a colour name like navy.",
  "Describe the mood in Visual Theme: light, setting, season, style.",
  "Add your own headline afterwards with Add Text, right on the image.",
  "A creative takes about 2-3 minutes; you can leave the page and come back.",
];

function MetaCreativePage(props) {
  return (
    <ToolPage
      {...props}
      widgets={fieldWidgets} // its form shows image and colour fields at once
      aside={<TipsCard title="Tips for a Great Creative" items={TIPS} />}
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
