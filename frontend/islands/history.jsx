import HistoryPage from "../components/history/HistoryPage.jsx";
import { mountIsland } from "../lib/mount.js";

mountIsland("history", HistoryPage);
