import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { categoryToJson, digitsReader, parseExactJson } from "@/lib/shared/exact-json";
import { categoryListSchema } from "@/lib/shared/schemas";

// .ci/run runs this file on Node 20 and on Node 24 (the image's), so each of parseExactJson's two ways is tested.
const nodeMajor = Number(process.versions.node.split(".")[0]);
const expectedReader = nodeMajor === 20 ? "lossless-json" : "source text";

describe("exact JSON for int64 ids", () => {
  it(`reads the digits with ${expectedReader} on Node ${nodeMajor}`, () => {
    expect(digitsReader).toBe(expectedReader);
  });

  it("parses integers above 2^53 without changing a digit, where JSON.parse would", () => {
    const text = '[{"id":9007199254740993,"name":"big"}]';
    expect((JSON.parse(text) as [{ id: number }])[0].id).toBe(9007199254740992);
    expect(parseExactJson(text)).toEqual([{ id: 9007199254740993n, name: "big" }]);
  });

  it("leaves safe integers and other numbers as plain numbers", () => {
    expect(parseExactJson('{"a":1,"b":-2.5,"c":1e3,"d":9007199254740991}')).toEqual({
      a: 1,
      b: -2.5,
      c: 1000,
      d: 9007199254740991,
    });
  });

  it("keeps every int64 exact, whatever the other numbers and strings around it", () => {
    const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
    fc.assert(
      fc.property(fc.array(fc.record({ id: int64, name: fc.string() })), (categories) => {
        const text = `[${categories.map(({ id, name }) => `{"id":${id},"name":${JSON.stringify(name)}}`).join(",")}]`;
        const exact = (id: bigint) => (Number.isSafeInteger(Number(id)) ? Number(id) : id);
        expect(parseExactJson(text)).toEqual(categories.map(({ id, name }) => ({ id: exact(id), name })));
      }),
    );
  });

  it("throws on text that is not JSON", () => {
    expect(() => parseExactJson("{not json")).toThrow();
  });

  it("round-trips a list through parse, schema and serialise digit for digit", () => {
    const text = '[{"id":9223372036854775807,"name":"max","description":"\\"quoted\\" \\u2028"},{"id":2,"name":"cat"}]';
    const categories = categoryListSchema.parse(parseExactJson(text));
    expect(categories[0]?.id).toBe("9223372036854775807");
    expect(`[${categories.map(categoryToJson).join(",")}]`).toBe(text.replace("\\u2028", "\u2028"));
  });

  it("writes names as JSON strings, so markup and quotes stay data", () => {
    expect(categoryToJson({ id: "1", name: '</script><b>"x"</b>' })).toBe('{"id":1,"name":"</script><b>\\"x\\"</b>"}');
  });
});
