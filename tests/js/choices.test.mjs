// Games chosen while the table is busy (site/js/choices.js): the waiting wakes when the table goes
// idle, and of two choices made within one wait only the later stands (both used to start).

import { test } from "node:test";
import assert from "node:assert/strict";
import { Choices } from "../../site/js/choices.js";

test("two choices made while the table is busy: both wait, only the later stands", async () => {
  const choices = new Choices();
  let busy = true;
  const started = [];
  const choose = async (name) => {
    const ticket = choices.take();
    await choices.until(() => busy);
    if (choices.stands(ticket)) started.push(name);
  };
  const first = choose("daily");
  const second = choose("new");
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(started, [], "nothing starts while the table is busy");
  busy = false;
  choices.idle();
  await Promise.all([first, second]);
  assert.deepEqual(started, ["new"]);
});

test("a waiter woken while the table is busy again waits on, without polling", async () => {
  const choices = new Choices();
  let busy = true;
  let done = false;
  const waiting = choices.until(() => busy).then(() => { done = true; });
  choices.idle(); // woken, but still busy (another call began in between)
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(done, false);
  assert.equal(choices.waiting.length, 1, "it waits on, its resolver kept for the next idle");
  busy = false;
  choices.idle();
  await waiting;
  assert.equal(done, true);
});

test("a choice made on an idle table stands at once", async () => {
  const choices = new Choices();
  const ticket = choices.take();
  await choices.until(() => false);
  assert.equal(choices.stands(ticket), true);
});
