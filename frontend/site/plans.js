// The plan cards' and subscriptions' behaviours, loaded by the pages that show them alone (the
// landing page's pricing, /billing): every other page would carry them for nothing.
import { initCancelSubscription } from "./behaviours/billing.js";
import { initSubscribe } from "./behaviours/subscribe.js";

initSubscribe(); // the plan cards' Subscribe buttons
initCancelSubscription(); // the cancel dialog on /billing
