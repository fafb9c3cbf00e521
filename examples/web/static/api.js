// Talking to the web example's server: the shapes of its answers, and one function per endpoint.
// Edit examples/web/client/src/api.ts, then `npm run build` there: static/api.js is tsc's output.
//
// The view, its moves and the record are typed by rummy500-types (clients/typescript: the
// types of rummy500's JSON Schemas); the answers around them (a seat's state, events, errors)
// are the server's own and are typed here.
/** A request the server refused (its status and body), or could not answer. */
export class ApiFailure extends Error {
    status;
    body;
    constructor(status, body) {
        super(body ? body.message : `HTTP ${status}`);
        this.status = status;
        this.body = body ?? { error: "http_error", message: `HTTP ${status}` };
    }
}
function isErrorBody(value) {
    return (typeof value === "object" &&
        value !== null &&
        typeof value.error === "string" &&
        typeof value.message === "string");
}
/** Calls the API; `busy` is told when a request starts and ends. */
export class Api {
    busy;
    seat = null;
    constructor(busy) {
        this.busy = busy;
    }
    async call(method, path, body) {
        const headers = {};
        if (this.seat)
            headers.Authorization = `Bearer ${this.seat.token}`;
        const init = { method, headers };
        if (body !== undefined) {
            headers["Content-Type"] = "application/json";
            init.body = JSON.stringify(body);
        }
        this.busy(true);
        try {
            const response = await fetch(path, init);
            const data = response.status === 204 ? null : await response.json().catch(() => null);
            if (!response.ok)
                throw new ApiFailure(response.status, isErrorBody(data) ? data : null);
            return data;
        }
        finally {
            this.busy(false);
        }
    }
    table(suffix = "") {
        if (!this.seat)
            throw new Error("no table");
        return `/api/tables/${encodeURIComponent(this.seat.id)}${suffix}`;
    }
    options() {
        return this.call("GET", "/api/options");
    }
    create(body) {
        return this.call("POST", "/api/tables", body);
    }
    state() {
        return this.call("GET", this.table());
    }
    /** The seat's legal moves that take `depth` pile cards, as move dicts. */
    ways(depth) {
        return this.call("GET", this.table(`/moves?depth=${depth}`));
    }
    /** Play a move: a move dict (what the page sends for clicks), or notation typed by the user. */
    play(move) {
        return this.call("POST", this.table("/moves"), { move });
    }
    decline() {
        return this.call("POST", this.table("/decline"));
    }
    /** The match record, once the match is over: every number in it is JSON-safe. */
    record() {
        return this.call("GET", this.table("/record"));
    }
    /** Leave a table (free its place on the server); nothing to do if that fails. */
    leave(old) {
        fetch(`/api/tables/${encodeURIComponent(old.id)}`, {
            method: "DELETE",
            headers: { Authorization: `Bearer ${old.token}` },
        }).catch(() => undefined);
    }
}
