// Keeps Tab and Shift+Tab cycling inside `container` (an open dialog or the drawer): past the
// last control on screen focus wraps to the first, and back.
import { focusablesIn, tabCycle } from "../../lib/focusable.js";

export function keepTabInside(container, event) {
  // Only controls on screen: Tab does not reach one inside a part that is not displayed.
  tabCycle(container, event, focusablesIn(container).filter((el) => el.offsetParent !== null));
}
