import { Icon, type IconProps } from './icon'

export const TicketIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v8a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2V8Z" />
    <path d="M13 6v2M13 11v2M13 16v2" />
  </Icon>
)
