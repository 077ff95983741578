import { islandProps } from "../lib/islandProps.js";
import { mountCreditBalance } from "../site/credit-balance.js";

for (const el of document.querySelectorAll('[data-island="credit-balance"]')) {
  mountCreditBalance(el, islandProps(el));
}
