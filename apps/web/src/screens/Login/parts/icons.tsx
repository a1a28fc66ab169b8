import { CheckShieldOutline, KeyOutline, PhonebookOutline, UserAddOutline, UserOutline } from 'antd-mobile-icons';

// Icon names for the auth rows, kept in one place so the forms read by meaning.
export const MobileIcon = PhonebookOutline;
export const AccountIcon = UserOutline;
export const SafetyOutlineIcon = CheckShieldOutline;
export const SmsIcon = KeyOutline;
export const InviteIcon = UserAddOutline;
