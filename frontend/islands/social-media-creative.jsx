import { ContentPolicyCard } from "../components/Cards.jsx";
import { CreativeResult } from "../components/OnDemand.jsx";
import ToolPage from "../components/ToolPage.jsx";
import { mountIsland } from "../lib/mount.js";

const TEXTS = {
  success: "Social Media Creative generated successfully!",
  failureTitle: "Generation Failed",
  fallback: "An error occurred while generating your social media content. Please try again.",
};

function SocialMediaCreativePage(props) {
  return (
    <ToolPage
      {...props}
      texts={TEXTS}
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
