// The small vanilla script every page loads (public pages ship no React):
// toasts, the theme toggle, and the behaviours in ./behaviours/ that several pages use (pages
// with behaviours of their own load them themselves: profile.js, plans.js).
import { initToasts } from "./toasts.js";
import { initTheme } from "./theme.js";
import { initForms } from "./behaviours/forms.js";
import { initPasswordToggles } from "./behaviours/password-toggle.js";
import { initSiteHeader } from "./behaviours/site-header.js";
import { initDrawer } from "./behaviours/drawer.js";
import { initNavigation } from "./behaviours/navigation.js";
import { initDialogs } from "./behaviours/dialogs.js";
import { initLocalTimes } from "./behaviours/local-time.js";
import { rememberTimeZone } from "./behaviours/time-zone.js";
import { initShellTitle } from "./behaviours/shell-title.js";
import { initSignOut } from "./behaviours/sign-out.js";

initToasts();
initTheme();
initForms();
initPasswordToggles();
initSiteHeader();
initDrawer();
initNavigation();
initDialogs(); // modal <dialog>s: the cancel dialog, the dashboard's Invite Team
initLocalTimes(); // <time data-local-time>: /usage's ledger times in the reader's zone
rememberTimeZone(); // the reader's UTC offset, for the dates the server writes
initShellTitle(); // the top bar's title: one line, its tooltip the whole title when cut short
initSignOut(); // signing out forgets the tool forms' drafts kept in the tab
// The dashboard, Billing and Usage: the figures that follow the balance the top bar re-reads
// (its first read is 30 s away). Fetched there, so the other pages (the tool pages' 90 KB
// budget) do not carry it.
if (document.querySelector("[data-balance-credits]")) {
  import("./behaviours/balance-figures.js").then(({ initBalanceFigures }) => initBalanceFigures());
}
