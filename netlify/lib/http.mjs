// The endpoint's HTTP pieces: JSON answers and errors, the request body, the client's address.

import { isIP } from "node:net";

/** An answer the handler turns into a JSON error response. */
export class HttpError extends Error {
  constructor(status, error, detail, { headers = {}, extra = {} } = {}) {
    super(detail);
    this.status = status;
    this.error = error;
    this.detail = detail;
    this.headers = headers;
    this.extra = extra;
  }
}

export const invalid = (detail, extra = {}) => new HttpError(400, "invalid_request", detail, { extra });

const JSON_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};

export function json(status, payload, headers = {}) {
  return new Response(JSON.stringify(payload), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The body as text, refusing more than `limit` bytes (declared or streamed) and non-UTF-8. */
export async function readBody(req, limit) {
  const tooLarge = () => new HttpError(413, "too_large", `the request body must be at most ${limit} bytes`);
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return "";
  const chunks = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, "invalid_json", "the request body is not UTF-8 text");
  }
}

/**
 * The client's address: the platform's (Netlify's context.ip), else the header Netlify's edge
 * sets. X-Forwarded-For is never read: any client can write it.
 */
export function clientAddress(req, context) {
  if (context?.ip) return String(context.ip);
  const netlify = req.headers.get("x-nf-client-connection-ip");
  return netlify ? netlify.trim() : "unknown";
}

/**
 * The network an address stands for: an IPv4 address itself, an IPv6 address's /64 (one
 * household or phone gets a whole /64, so counting single IPv6 addresses would count nothing).
 * An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function addressNetwork(address) {
  const text = String(address).trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped) return `ipv4 ${mapped[1]}`;
  const kind = isIP(text);
  if (kind === 4) return `ipv4 ${text}`;
  if (kind !== 6) return `other ${text.toLowerCase()}`;
  const [head, tail = ""] = text.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = text.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = text.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `ipv6 ${groups.slice(0, 4).map((g) => g.padStart(4, "0")).join(":")}::/64`;
}
