import { ContentPolicyCard } from "../components/Cards.jsx";
import { CreativeResult } from "../components/OnDemand.jsx";
import * as fieldWidgets from "../components/fieldWidgets.js";
import ToolPage from "../components/ToolPage.jsx";
import { mountIsland } from "../lib/mount.js";

function SocialMediaCreativePage(props) {
  return (
    <ToolPage
      {...props}
      widgets={fieldWidgets} // its form shows image and colour fields at once
      renderResult={(generation, headingRef) => (
        <CreativeResult
          output={generation.output}
          title="Generated Social Media Content"
          downloadName="social-media-creative"
          headingRef={headingRef}
        />
      )}
      aside={<ContentPolicyCard />}
    />
  );
}

mountIsland("social-media-creative", SocialMediaCreativePage);
