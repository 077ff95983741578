// The small vanilla script every page loads (public pages ship no React):
// toasts, the theme toggle, and the behaviours in ./behaviours/.
import { initToasts } from "./toasts.js";
import { initTheme } from "./theme.js";

initToasts();
initTheme();
