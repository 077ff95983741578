import MetaAdsFull from "../components/MetaAdsFull.jsx";
import { mountIsland } from "../lib/mount.js";

mountIsland("meta-ads-full", MetaAdsFull);
