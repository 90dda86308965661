import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { savingsOffer } from "../../test/offers";
import { vectors } from "../../test/vectors";
import { BalanceApy } from "./BalanceApy";

interface BlendedCase {
  input: { tiers: string; balance: string };
  expected: { apy?: string; error?: string };
}

const TIERS = "0|9999.99|0.50|0.50,10000|99999999|1.00|1.00";

/** The expected APY for a balance, as the shared offer-model table gives it. */
function vectorApy(balance: string): string {
  const cases = vectors<{ blendedApy: BlendedCase[] }>("offer-model").blendedApy;
  const found = cases.find((c) => c.input.tiers === TIERS && c.input.balance === balance);
  if (!found?.expected.apy) throw new Error(`offer-model.json has no blendedApy case for ${balance}`);
  return found.expected.apy;
}

function setup() {
  const user = userEvent.setup();
  render(<BalanceApy offer={savingsOffer()} />);
  const input = screen.getByLabelText("Your balance");
  const output = screen.getByRole("status");
  return { user, input, output };
}

describe("BalanceApy", () => {
  it("the fixture's rate table is the vectors' two-tier table", () => {
    expect(savingsOffer().rateTable?.rateInfo).toBe(TIERS);
  });

  it("starts at $10,000 with that balance's blended APY", () => {
    const { input, output } = setup();
    expect(input).toHaveValue("10000");
    expect(output).toHaveTextContent(`earns ${vectorApy("10000")}% APY`);
    // 0.50% of $10,000 is $50.00 a year.
    expect(input).toHaveAccessibleDescription(`earns ${vectorApy("10000")}% APY: $10,000.00 earns $50.00 a year`);
  });

  it("shows the blended APY of a typed balance, as offer-model.json's blendedApy has it", async () => {
    const { user, input, output } = setup();
    await user.clear(input);
    await user.type(input, "20000");
    expect(vectorApy("20000")).toBe("0.75");
    expect(output).toHaveTextContent("earns 0.75% APY");

    await user.clear(input);
    await user.type(input, "40000");
    expect(output).toHaveTextContent(`earns ${vectorApy("40000")}% APY`);

    await user.clear(input);
    await user.type(input, "5000");
    expect(output).toHaveTextContent(`earns ${vectorApy("5000")}% APY`);
  });

  it("reads a balance written with a dollar sign and thousands separators", async () => {
    const { user, input, output } = setup();
    await user.clear(input);
    await user.type(input, "$20,000.00");
    expect(output).toHaveTextContent(`earns ${vectorApy("20000")}% APY`);
  });

  it.each(["abc", "12a", "1.234", "-100", "0", ""])("asks for an amount in dollars for %j", async (typed) => {
    const { user, input, output } = setup();
    await user.clear(input);
    if (typed) await user.type(input, typed);
    expect(output).toHaveTextContent("Enter an amount in dollars");
    expect(output).not.toHaveTextContent("APY");
  });

  it("starts at the listing's scenario amount, and again when the scenario changes", () => {
    const { rerender } = render(<BalanceApy offer={savingsOffer()} balance="20000" />);
    expect(screen.getByLabelText("Your balance")).toHaveValue("20000");
    expect(screen.getByRole("status")).toHaveTextContent(`earns ${vectorApy("20000")}% APY: $20,000.00 earns $150.00 a year`);
    rerender(<BalanceApy offer={savingsOffer()} balance="40000" />);
    expect(screen.getByLabelText("Your balance")).toHaveValue("40000");
  });

  it("says a balance under the minimum is not enough, never a 0.00% APY", async () => {
    // A CD of the catalogue's shape: "$1,000 and up, 5%".
    const offer = savingsOffer({ rateTable: { rateInfo: "1000|99999999|5|5", rows: [] } });
    const user = userEvent.setup();
    render(<BalanceApy offer={offer} />);
    const input = screen.getByLabelText("Your balance");
    expect(screen.getByRole("status")).toHaveTextContent("earns 5.00% APY: $10,000.00 earns $500.00 a year");
    await user.clear(input);
    await user.type(input, "500");
    expect(screen.getByRole("status")).toHaveTextContent("needs at least $1,000.00 to open or to earn");
    expect(screen.getByRole("status")).not.toHaveTextContent("0.00%");
  });

  it("renders nothing for a product without a rate table", () => {
    const { container } = render(<BalanceApy offer={savingsOffer({ rateTable: undefined })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
