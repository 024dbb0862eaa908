/**
 * Probe behind the load benchmark's first-call waits: a Node server whose event loop is busy
 * (20 connections keep it answering, 2 ms of CPU per answer) accepts the connections another
 * process opens at once only about one per turn of its loop. The server of bench/load showed the
 * same: under load it accepted one new connection every 70-100 ms (its loop turn), so a connection
 * opened at the start of a run could wait most of the run for its first answer.
 * Run: node --import tsx bench/load/accept.ts
 */
import net from 'node:net';
import { spawn } from 'node:child_process';

const BUSY = 20;
const LATE = 100;

async function main(): Promise<void> {
  const t0 = Date.now();
  const accepted: number[] = [];
  const server = net.createServer((s) => {
    accepted.push(Date.now() - t0);
    s.on('error', () => {});
    s.on('data', () => {
      const t = performance.now();
      while (performance.now() - t < 2) {
        /* the answer's CPU work */
      }
      s.write('x');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  for (let i = 0; i < BUSY; i++) {
    const c = net.connect(port, '127.0.0.1');
    c.on('error', () => {});
    c.on('connect', () => c.write('y'));
    c.on('data', () => c.write('y'));
  }
  await new Promise((r) => setTimeout(r, 300));
  const before = accepted.length;
  const opened = Date.now() - t0;
  // The late connections come from another process, as a browser's would.
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const net=require('node:net');for(let i=0;i<${LATE};i++)net.connect(${port},'127.0.0.1').on('error',()=>{});setTimeout(()=>process.exit(0),5000)`,
    ],
    { stdio: 'ignore' },
  );
  await new Promise((r) => setTimeout(r, 4000));
  const late = accepted.slice(before).map((t) => t - opened);
  console.log(
    `${late.length} of ${LATE} connections opened at once were accepted within 4 s; first after ${late[0]} ms, last after ${late.at(-1)} ms (about one per turn of the busy loop)`,
  );
  child.kill();
  process.exit(0);
}

void main();
