// /profile's own behaviours, loaded by that page alone (templates/accounts/profile.html): every
// other page, the tool pages with their 90 KB budget above all, would carry them for nothing.
import { initAvatarUploader } from "./behaviours/avatar.js";
import { initUnsavedChangesGuard } from "./behaviours/unsaved-changes.js";

initAvatarUploader();
initUnsavedChangesGuard(); // leaving with unsaved changes asks first
