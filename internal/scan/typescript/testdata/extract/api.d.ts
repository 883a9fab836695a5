import type { Readable } from 'node:stream';

export declare function open(path: string): Readable;
export declare class Client {
  constructor(url: string);
}
export declare const VERSION: string;
export type Handler = (req: Request) => Promise<Response>;
declare global {
  interface Window { client: Client }
}
declare module 'express' {
  interface Request { user?: string }
}
