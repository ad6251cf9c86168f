import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectLiveEvents, onLiveEvent, readLiveEvent } from "@/lib/browser/live/live-events";
import { liveState } from "@/lib/browser/live/live-state";

/** Just enough of the browser's EventSource: the test opens, fails and feeds each stream. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  opened() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event("open"));
  }
  /** A dropped stream the browser retries itself (CONNECTING), or a refused one it gives up on (CLOSED). */
  failed(refused: boolean) {
    this.readyState = refused ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event("error"));
  }
  send(type: string, data: string) {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}

const latest = () => FakeEventSource.made.at(-1)!;
let disconnect = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeEventSource);
  FakeEventSource.made = [];
});

afterEach(() => {
  disconnect();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("readLiveEvent", () => {
  it("keeps every digit of a category id beyond 2^53", () => {
    const text = '{"environment":"staging","category":{"id":9007199254740993,"name":"newt"},"by":"ana","via":"form"}';
    expect(readLiveEvent("category-created", text)).toEqual({
      environment: "staging",
      category: { id: "9007199254740993", name: "newt" },
    });
  });

  it("gives nothing for data that is not what its type says", () => {
    expect(readLiveEvent("category-created", '{"environment":"moon","category":{"id":1,"name":"x"}}')).toBeUndefined();
    expect(readLiveEvent("job-updated", "not json")).toBeUndefined();
  });
});

describe("connectLiveEvents", () => {
  it("opens one stream however many use it, and closes it when the last lets go", () => {
    const first = connectLiveEvents();
    disconnect = connectLiveEvents();
    expect(FakeEventSource.made).toHaveLength(1);
    expect(latest().url).toBe("/api/events");
    first();
    expect(latest().readyState).not.toBe(FakeEventSource.CLOSED);
    disconnect();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    expect(liveState()).toBe("off");
  });

  it("counts a second call of one release as nothing: the stream stays open for its other user", () => {
    const first = connectLiveEvents();
    disconnect = connectLiveEvents();
    first();
    first();
    expect(latest().readyState).not.toBe(FakeEventSource.CLOSED);
    disconnect();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    // And the count is back to none: the next user opens a new stream.
    disconnect = connectLiveEvents();
    expect(FakeEventSource.made).toHaveLength(2);
  });

  it("is live once open, and reconnecting while the browser retries a dropped stream", () => {
    disconnect = connectLiveEvents();
    expect(liveState()).toBe("connecting");
    latest().opened();
    expect(liveState()).toBe("live");
    latest().failed(false);
    expect(liveState()).toBe("reconnecting");
    latest().opened();
    expect(liveState()).toBe("live");
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("hands each event to the handlers of its type", () => {
    disconnect = connectLiveEvents();
    const jobs: unknown[] = [];
    const stop = onLiveEvent("job-updated", (data) => jobs.push(data));
    latest().opened();
    latest().send("job-updated", '{"id":"j1","kind":"import","state":"running"}');
    latest().send("category-created", '{"environment":"staging","category":{"id":1,"name":"x"}}');
    stop();
    latest().send("job-updated", '{"id":"j2"}');
    expect(jobs).toEqual([{ id: "j1" }]);
  });

  it("stays off when the first stream is refused, and tries a new one later, waiting longer each time", () => {
    disconnect = connectLiveEvents();
    latest().failed(true);
    expect(liveState()).toBe("off");
    vi.advanceTimersByTime(5_000);
    expect(FakeEventSource.made).toHaveLength(2);
    latest().failed(true);
    vi.advanceTimersByTime(4_999);
    expect(FakeEventSource.made).toHaveLength(2);
    vi.advanceTimersByTime(5_001);
    expect(FakeEventSource.made).toHaveLength(3);
  });

  it("asks the pages to read again when a new stream replaces a refused one, which could not replay", () => {
    disconnect = connectLiveEvents();
    let resyncs = 0;
    const stop = onLiveEvent("resync", () => resyncs++);
    latest().opened();
    expect(resyncs).toBe(0);
    latest().failed(true);
    expect(liveState()).toBe("reconnecting");
    vi.advanceTimersByTime(5_000);
    latest().opened();
    stop();
    expect(resyncs).toBe(1);
    expect(liveState()).toBe("live");
  });
});
