// A loopback TCP proxy that logs in to an SMTP server on each connection and then hands the
// raw stream to the client, so Postfix's smtp-source (which has no AUTH) can load the relay
// through its real AUTH path. Run as its own process by scripts/bench/relay.ts, in front of the
// relay and of smtp-sink alike, so both sides of the ratio pay the same hop and the same login.
//   node --import tsx scripts/bench/auth-proxy.ts <upstream port>   (BENCH_PROXY_USER/PASS)
// Prints the port it listens on, then serves until killed.
import net, { type AddressInfo } from "node:net";

const upstreamPort = Number(process.argv[2]);
const login = Buffer.from(`\0${process.env.BENCH_PROXY_USER}\0${process.env.BENCH_PROXY_PASS}`).toString("base64");

/**
 * Greeting, EHLO, AUTH PLAIN on the upstream connection; resolves with the server's greeting
 * once the login is accepted (smtp-sink answers 250, a real server 235).
 */
function logIn(upstream: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    let greeting = "";
    const steps = [
      (code: number, reply: string) => {
        if (code !== 220) throw new Error(`greeting: ${reply}`);
        greeting = reply;
        upstream.write("EHLO bench-auth-proxy\r\n");
      },
      (code: number, reply: string) => {
        if (code !== 250) throw new Error(`EHLO: ${reply}`);
        upstream.write(`AUTH PLAIN ${login}\r\n`);
      },
      (code: number, reply: string) => {
        if (code < 200 || code > 299) throw new Error(`AUTH: ${reply}`);
        upstream.off("data", onData);
        resolve(greeting);
      },
    ];
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      // A reply ends with its first line whose code is followed by a space (RFC 5321 4.2.1).
      for (let last = /^(\d{3}) [^\n]*\n/m.exec(buffer); last; last = /^(\d{3}) [^\n]*\n/m.exec(buffer)) {
        const end = last.index + last[0].length;
        const reply = buffer.slice(0, end);
        buffer = buffer.slice(end);
        try {
          steps.shift()!(Number(last[1]), reply.trim());
        } catch (error) {
          reject(error);
          return;
        }
      }
    };
    upstream.on("data", onData);
    upstream.once("error", reject);
  });
}

const server = net.createServer({ pauseOnConnect: true, noDelay: true }, (client) => {
  const upstream = net.connect({ port: upstreamPort, host: "127.0.0.1", noDelay: true });
  const drop = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on("error", drop);
  upstream.on("error", drop);
  logIn(upstream).then(
    (greeting) => {
      // The client now starts its own session on a logged-in connection: its EHLO resets the
      // transaction state, not the login (RFC 4954 4).
      client.write(`${greeting}\r\n`);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    },
    (error: Error) => {
      client.end(`421 4.7.0 bench proxy: ${error.message.replace(/\s+/g, " ")}\r\n`);
      upstream.destroy();
    },
  );
});
server.listen(0, "127.0.0.1", () => console.log((server.address() as AddressInfo).port));
