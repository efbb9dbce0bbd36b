export { startGateway, DEFAULT_STATIC_ROOT, type GatewayOptions, type RunningGateway } from './gateway.ts';
export { DEFAULT_RATE_LIMITS, SENSITIVE_ROUTES, type RateLimitOptions } from './rate-limit.ts';
export { DEFAULT_REALTIME, WS_CLOSE, type RealtimeOptions } from './realtime.ts';
export { DEFAULT_PROXY_TIMEOUTS, type ProxyTimeouts } from './proxy.ts';
export { defaultCsp, renderCsp, type CspDirectives } from './security-headers.ts';
export { loadGatewayConfig, serviceUrlsFromEnv, type GatewayConfig } from './config.ts';
