import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api.js";
import { loadLatestVersion } from "./versions.js";

const json = (body, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
// A fresh Response per request: a body can be read only once.
const answer = (...args) => vi.stubGlobal("fetch", vi.fn(async () => json(...args)));

afterEach(() => vi.unstubAllGlobals());

describe("loadLatestVersion", () => {
  it("is null when nothing was saved yet (200 with no version)", async () => {
    answer({ version: null });
    await expect(loadLatestVersion("/latest/")).resolves.toBeNull();
  });

  it("is the saved version", async () => {
    const version = { id: 3, image: "/files/v3.png", original: "/files/o.png", layers: { version: 1, elements: [] } };
    answer({ version });
    await expect(loadLatestVersion("/latest/")).resolves.toEqual(version);
  });

  it("rejects when the generation is not found (not the user's)", async () => {
    answer({ detail: "Not found." }, 404);
    const error = await loadLatestVersion("/latest/").catch((err) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: "Not found." });
  });
});
