import AppsIcon from '@mui/icons-material/Apps';
import CloudIcon from '@mui/icons-material/Cloud';
import ComputerIcon from '@mui/icons-material/Computer';
import HandymanIcon from '@mui/icons-material/Handyman';
import PhoneIcon from '@mui/icons-material/Phone';
import RouterIcon from '@mui/icons-material/Router';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import type { SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import type { ArticleGroupIconKey } from '../api/catalogApi';

const ICONS: Record<ArticleGroupIconKey, ComponentType<SvgIconProps>> = {
  mobile: SmartphoneIcon,
  phone: PhoneIcon,
  apps: AppsIcon,
  hardware: ComputerIcon,
  hosting: CloudIcon,
  connectivity: RouterIcon,
  services: HandymanIcon,
};

/** The icon of an article group; decorative, the group's name says what it is. */
export function ArticleGroupIcon({ icon, ...props }: { icon: ArticleGroupIconKey } & SvgIconProps) {
  const Icon = ICONS[icon] ?? AppsIcon;
  return <Icon aria-hidden {...props} />;
}
