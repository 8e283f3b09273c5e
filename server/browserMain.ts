/**
 * The browser entry (dist/browserServer.js, a web worker the browser client starts): the browser host first, then
 * the wiring both entries share. The order of these two imports is the order they run in.
 */
import './browserHost';
import './server';
