/** Told whether replies reach the service (the status item says when they do not). */
export interface ServiceReachability {
  serviceReached(): void;
  serviceUnreachable(reason: string): void;
}
