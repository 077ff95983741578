from django.urls import path, re_path
from django.views.generic import RedirectView

from accounts import views
from config.decorators import get_redirects_to

# POST-only actions of the profile: opened with GET, they lead to the profile.
back_to_profile = get_redirects_to("accounts:profile")

app_name = "accounts"
urlpatterns = [
    path("signin", views.SignInView.as_view(), name="signin"),
    path("signup", views.SignUpView.as_view(), name="signup"),
    path("forgot-password", views.ForgotPasswordView.as_view(), name="forgot-password"),
    # The e-mailed link: "<uidb36>-<token>" (the token itself contains a hyphen).
    re_path(
        r"^reset-password/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)$",
        views.ResetPasswordView.as_view(),
        name="reset-password",
    ),
    path("signout", views.SignOutView.as_view(), name="signout"),
    path("profile", views.profile, name="profile"),
    path("profile/avatar", back_to_profile(views.upload_avatar), name="avatar-upload"),
    path("profile/email/confirm", back_to_profile(views.resend_confirmation), name="resend-confirmation"),
    path("profile/email/cancel", back_to_profile(views.cancel_email_change), name="cancel-email-change"),
    path("profile/avatar/<int:user_id>/<str:filename>", views.avatar_file, name="avatar"),
    # allauth's own entrance pages (still linked from its e-mails and social error pages)
    # lead to ours. This module is included before allauth's URLs, so these win.
    path("accounts/login/", RedirectView.as_view(pattern_name="accounts:signin", query_string=True)),
    path("accounts/signup/", RedirectView.as_view(pattern_name="accounts:signup", query_string=True)),
    path(
        "accounts/password/reset/",
        RedirectView.as_view(pattern_name="accounts:forgot-password", query_string=True),
    ),
    # Linked from Profile; allauth's views with our forms, page and rate-limit answer.
    path("accounts/password/change/", views.ChangePasswordView.as_view(), name="change-password"),
    path("accounts/password/set/", views.SetPasswordView.as_view()),
    # A closed account's sign-in ends here (allauth redirects to its "account_inactive").
    path("accounts/inactive/", views.AccountInactiveView.as_view()),
    # E-mail changes happen on the profile (accounts.actions.request_email_change).
    path("accounts/email/", RedirectView.as_view(pattern_name="accounts:profile")),
    # allauth's 'Account Connections' (link or unlink a GitHub/LinkedIn login to an existing
    # account) is no part of the product: social buttons sign in and sign up only, so the page
    # would show an empty 'Add a Third-Party Account'. Its login error/cancel pages stay.
    path("accounts/3rdparty/", RedirectView.as_view(pattern_name="accounts:profile")),
]
