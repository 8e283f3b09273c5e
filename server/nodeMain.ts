/**
 * The desktop entry (dist/server.js, over stdio or the other transports node's connection reads from argv): the
 * Node host first, then the wiring both entries share. The order of these two imports is the order they run in.
 */
import './nodeHost';
import './server';
