export { Lifecycle } from './lifecycle';
export { registerSystem } from './module';
export { systemRoutes } from './routes';
