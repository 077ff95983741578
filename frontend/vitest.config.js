import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    setupFiles: ["./vitest.setup.js"],
    // Rendering a full history page in jsdom takes seconds on a busy 2-core CI machine: the
    // default 5 s would fail tests for the machine's load, not for what they check.
    testTimeout: 20_000,
    include: ["components/**/*.test.{js,jsx}", "lib/**/*.test.{js,jsx}", "site/**/*.test.{js,jsx}"],
  },
});
