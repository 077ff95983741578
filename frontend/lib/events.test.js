import { describe, expect, it } from "vitest";
import { balanceRead, creditsChanged, onBalanceRead, onCreditsChanged } from "./events.js";

describe("the balance events", () => {
  it("hands each creditsChanged() balance to its listeners, unknown ones too, until they stop", () => {
    const heard = [];
    const stop = onCreditsChanged((balance) => heard.push(balance));
    creditsChanged(80);
    creditsChanged();
    stop();
    creditsChanged(10);
    expect(heard).toEqual([80, undefined]);
  });

  it("keeps the shell's reads apart from changes, so answering a change with a read cannot loop", () => {
    const changes = [];
    const reads = [];
    const stops = [onCreditsChanged((balance) => changes.push(balance)), onBalanceRead((credits) => reads.push(credits))];
    balanceRead(55);
    creditsChanged(40);
    stops.forEach((stop) => stop());
    balanceRead(30);
    expect(reads).toEqual([55]);
    expect(changes).toEqual([40]);
  });
});
