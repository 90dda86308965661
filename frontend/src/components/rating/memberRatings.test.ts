import { describe, expect, it } from "vitest";
import { memberRatingsLabel } from "./memberRatings";

describe("memberRatingsLabel", () => {
  it("counts one, a few and many, abbreviating with formatnr", () => {
    expect(memberRatingsLabel(0)).toBe("0 member ratings");
    expect(memberRatingsLabel(1)).toBe("1 member rating");
    expect(memberRatingsLabel(12)).toBe("12 member ratings");
    expect(memberRatingsLabel(999)).toBe("999 member ratings");
    expect(memberRatingsLabel(1234)).toBe("1.2k member ratings");
    expect(memberRatingsLabel(1_500_000)).toBe("1.5m member ratings");
  });
});
