import { Icon, type IconProps } from './icon'

export const PlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 5v14l12-7L7 5Z" />
  </Icon>
)
