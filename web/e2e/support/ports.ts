/**
 * The free ports the Playwright runner picks once per run, handed to its workers as one
 * comma-separated variable (E2E_PORTS). The order is defined here only.
 */
const portNames = ['smtp', 'mailWeb', 'postgres', 'command', 'query', 'drand'] as const
type PortName = (typeof portNames)[number]

export const portCount = portNames.length

export function encodePorts(ports: readonly string[]): string {
  return ports.join(',')
}

export function readPorts(value: string | undefined = process.env.E2E_PORTS): Record<PortName, string> {
  const ports = (value ?? '').split(',')
  return Object.fromEntries(portNames.map((name, i) => [name, ports[i] ?? ''])) as Record<PortName, string>
}
