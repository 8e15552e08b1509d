"""Accessibility findings of issue 22, in a real browser: the interactive board is an
application with a live region that says the point under the keyboard's cursor; the
index's links and buttons have distinct names; Azul's factory numbers have a contrast
of at least 4.5:1 in light and dark mode; Go's black "to move" stone is seen in dark mode."""

from __future__ import annotations

import re

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

CONTRAST = """(el) => {
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const style = getComputedStyle(el);
  const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_the_board_is_an_application_that_says_its_points(page):
    page.goto("/go")
    page.select_option("#size", "9")
    page.click("#start")
    page.wait_for_url(re.compile(r"/go/[0-9a-f]+$"))
    board = page.get_by_role("application", name=re.compile("board"))
    expect(board).to_have_attribute("aria-roledescription", "board")
    expect(page.locator('[role="img"].grid-board')).to_have_count(0)
    announce = page.locator(".grid-announce")
    expect(announce).to_have_attribute("aria-live", "polite")
    board.focus()
    page.keyboard.press("ArrowRight")
    expect(announce).to_have_text("E5: empty")
    page.keyboard.press("Enter")
    expect(page.locator("svg.grid-board .stone")).to_have_count(1)
    page.keyboard.press("ArrowLeft")
    expect(announce).to_have_text("D5: empty")
    page.keyboard.press("ArrowRight")
    expect(announce).to_have_text("E5: black stone")
    page.click("#lang")
    expect(page.locator("svg.grid-board")).to_have_attribute("aria-roledescription", "tablero")


def test_index_names_each_way_to_play(page):
    page.goto("/")
    expect(page.locator('.index-friend[href="/go?play=friend"]')).to_have_count(1)
    names = [link.get_attribute("aria-label") for link in page.locator(".index-friend").all()]
    assert len(names) >= 4 and len(set(names)) == len(names), names
    assert all("play a friend" in name for name in names), names
    expect(page.get_by_role("link", name="Play", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Azul: play the computer$"))).to_have_count(1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_contrast_of_small_marks(page, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto("/azul")
    page.click("#start")
    page.wait_for_url(re.compile(r"/azul/[0-9a-f]+$"))
    number = page.locator(".azul-factory-number").first
    expect(number).to_be_visible()
    assert number.evaluate(CONTRAST) >= 4.5

    page.goto("/go")
    page.click("#start")
    page.wait_for_url(re.compile(r"/go/[0-9a-f]+$"))
    to_move = page.locator("#to-move")
    expect(to_move).to_have_attribute("data-player", "b")
    ring = to_move.evaluate("(el) => getComputedStyle(el, '::before').boxShadow")
    assert (ring != "none") == (scheme == "dark"), ring
