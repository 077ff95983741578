import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    setupFiles: ["./vitest.setup.js"],
    include: ["components/**/*.test.{js,jsx}", "lib/**/*.test.{js,jsx}", "site/**/*.test.{js,jsx}"],
  },
});
