import { TipsCard } from "../components/Cards.jsx";
import { SocialCopyResult } from "../components/OnDemand.jsx";
import ToolPage from "../components/ToolPage.jsx";
import { mountIsland } from "../lib/mount.js";

// Spec 001 §2: hook, platform-specific language, hashtags, call to action, test variations.
const BEST_PRACTICES = [
  "Open with a hook that stops the scroll",
  "Write in the platform's own language and format",
  "Add a few relevant hashtags",
  "Close with a clear call to action",
  "Test variations to learn what your audience responds to",
];

function SocialMediaCopyPage(props) {
  return (
    <ToolPage
      {...props}
      renderResult={(generation, headingRef) => <SocialCopyResult output={generation.output} headingRef={headingRef} />}
      aside={<TipsCard title="Social Media Copy Best Practices" items={BEST_PRACTICES} />}
    />
  );
}

mountIsland("social-media-copy", SocialMediaCopyPage);
