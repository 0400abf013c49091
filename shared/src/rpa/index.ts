export * from './flow.js';
