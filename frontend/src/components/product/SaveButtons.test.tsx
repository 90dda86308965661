import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptySavedProducts } from "../../rules/savedProducts";
import { useSaved } from "../../stores/saved";
import { SaveButtons } from "./SaveButtons";

const GROUP = "/credit-cards";
const NAME = "Cash Back Card";
const T0 = Date.UTC(2024, 4, 1, 12, 0, 0);
const DAY = 86_400_000;

let now = T0;

/**
 * A button by its visible word and the product name in its visually hidden text. The
 * accessible-name library under jsdom drops the space at the start of that text, so the
 * name is matched with or without it; the text content keeps it.
 */
function named(word: string, name = NAME): RegExp {
  return new RegExp(`^${word}\\s*${name}$`);
}
const saveButton = () => screen.getByRole("button", { name: named("Saved?") });
const skipButton = () => screen.getByRole("button", { name: named("Skip(ped)?") });

describe("SaveButtons", () => {
  beforeEach(() => {
    now = T0;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    useSaved.setState({ data: emptySavedProducts() });
  });
  afterEach(() => vi.restoreAllMocks());

  it("starts with neither button pressed, both named with the product", () => {
    render(<SaveButtons group={GROUP} offerId="card-1" name={NAME} />);
    expect(screen.getByRole("group", { name: `Keep ${NAME}` })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: named("Save") })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("button", { name: named("Skip") })).toHaveAttribute("aria-pressed", "false");
    expect(skipButton()).toBeEnabled();
  });

  it("Save presses the save button and reads Saved", async () => {
    const user = userEvent.setup();
    render(<SaveButtons group={GROUP} offerId="card-1" name={NAME} />);
    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent(`Saved ${NAME}`);
    expect(saveButton()).toHaveAttribute("aria-pressed", "true");
    expect(skipButton()).toHaveTextContent(`Skip ${NAME}`);
    expect(skipButton()).toHaveAttribute("aria-pressed", "false");
  });

  it("pressing Saved again un-saves: the product moves to skipped", async () => {
    const user = userEvent.setup();
    render(<SaveButtons group={GROUP} offerId="card-1" name={NAME} />);
    await user.click(saveButton());
    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent(`Save ${NAME}`);
    expect(saveButton()).toHaveAttribute("aria-pressed", "false");
    expect(skipButton()).toHaveTextContent(`Skipped ${NAME}`);
    expect(skipButton()).toHaveAttribute("aria-pressed", "true");
    expect(skipButton()).toBeDisabled();
  });

  it("Skip marks it skipped; Save then takes it off the skipped list", async () => {
    const user = userEvent.setup();
    render(<SaveButtons group={GROUP} offerId="card-1" name={NAME} />);
    await user.click(skipButton());
    expect(skipButton()).toHaveAttribute("aria-pressed", "true");
    await user.click(saveButton());
    expect(saveButton()).toHaveAttribute("aria-pressed", "true");
    expect(skipButton()).toHaveAttribute("aria-pressed", "false");
    expect(skipButton()).toBeEnabled();
  });

  it("shows a product saved on an earlier page as saved", () => {
    useSaved.getState().save(GROUP, "card-1");
    useSaved.setState({ data: emptySavedProducts() });
    useSaved.getState().reload();
    render(<SaveButtons group={GROUP} offerId="card-1" name={NAME} />);
    expect(saveButton()).toHaveAttribute("aria-pressed", "true");
  });

  it("shows a product saved 15 days ago as not saved", () => {
    useSaved.getState().save(GROUP, "card-1");
    now = T0 + 15 * DAY;
    render(<SaveButtons group={GROUP} offerId="card-1" name={NAME} />);
    expect(saveButton()).toHaveTextContent(`Save ${NAME}`);
    expect(saveButton()).toHaveAttribute("aria-pressed", "false");
  });

  it("another card's buttons follow the same store", async () => {
    const user = userEvent.setup();
    render(
      <>
        <SaveButtons group={GROUP} offerId="card-1" name={NAME} />
        <SaveButtons group={GROUP} offerId="card-2" name="Travel Card" />
      </>,
    );
    await user.click(screen.getByRole("button", { name: named("Save", "Travel Card") }));
    expect(screen.getByRole("button", { name: named("Saved", "Travel Card") })).toHaveAttribute("aria-pressed", "true");
    expect(saveButton()).toHaveAttribute("aria-pressed", "false");
    act(() => useSaved.getState().skip(GROUP, "card-2"));
    expect(screen.getByRole("button", { name: named("Skipped", "Travel Card") })).toBeDisabled();
  });
});
