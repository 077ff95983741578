import { mountIsland } from "../lib/mount.js";
import CreditBalance from "../components/CreditBalance.jsx";

mountIsland("credit-balance", CreditBalance);
