import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
  // A tool page remembers the run it follows for the next reload (lib/useGeneration.js): no
  // test's run may be taken for the next test's.
  sessionStorage.clear();
});
