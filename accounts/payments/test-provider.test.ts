// @vitest-environment jsdom
// The simulated issuer page of the 3-D Secure test card: its buttons work from the moment they can be
// pressed. They come disabled and its script enables them once it listens, so a click made before the
// script arrived (a reader on a slow connection, or a test) is not silently lost.
import { expect, it } from "vitest";
import { TEST_CHALLENGE_SCRIPT, testChallengePage } from "./test-provider";

it("keeps the issuer's buttons disabled until its script listens to them", () => {
  // Head and body are filled, not replaced: Testing Library's screen keeps the body it first saw.
  const page = new DOMParser().parseFromString(testChallengePage("ficha"), "text/html");
  document.head.innerHTML = page.head.innerHTML;
  document.body.innerHTML = page.body.innerHTML;
  const buttons = [...document.querySelectorAll("button")];
  expect(buttons.map((button) => button.textContent)).toEqual(["Autenticar", "Fallar la autenticación"]);
  expect(buttons.every((button) => button.disabled)).toBe(true);
  new Function(TEST_CHALLENGE_SCRIPT)();
  expect(buttons.every((button) => !button.disabled)).toBe(true);
});
