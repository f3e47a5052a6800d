#!/usr/bin/env python3
"""Writes the GitHub-like sample payloads beside this script (deterministic; no network).

The payloads are invented for WireLock's tests: their shape follows a public code-hosting API
(wide objects, URL templates, many members that are null), their values are made up. Run it
again after editing; the output is committed.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
API = "https://api.example.dev"
WEB = "https://code.example.dev"


def user(login, uid, name=None, full=False):
    u = {
        "login": login, "id": uid, "node_id": f"U_{uid:08d}",
        "avatar_url": f"https://avatars.example.dev/u/{uid}?v=4", "gravatar_id": "",
        "url": f"{API}/users/{login}", "html_url": f"{WEB}/{login}",
        "followers_url": f"{API}/users/{login}/followers",
        "following_url": f"{API}/users/{login}/following{{/other_user}}",
        "gists_url": f"{API}/users/{login}/gists{{/gist_id}}",
        "starred_url": f"{API}/users/{login}/starred{{/owner}}{{/repo}}",
        "subscriptions_url": f"{API}/users/{login}/subscriptions",
        "organizations_url": f"{API}/users/{login}/orgs",
        "repos_url": f"{API}/users/{login}/repos",
        "events_url": f"{API}/users/{login}/events{{/privacy}}",
        "received_events_url": f"{API}/users/{login}/received_events",
        "type": "User", "user_view_type": "public", "site_admin": False,
    }
    if full:
        u.update({"name": name, "company": None, "blog": "", "location": None, "email": None,
                  "hireable": None, "bio": None, "twitter_username": None, "public_repos": 12,
                  "public_gists": 0, "followers": 40, "following": 3,
                  "created_at": "2015-03-02T10:11:12Z", "updated_at": "2024-11-30T08:00:00Z"})
    return u


def repo(rid, owner, name, stars, license=True, homepage=None, topics=None, pushed=True):
    full = f"{owner['login']}/{name}"
    base = f"{API}/repos/{full}"
    r = {
        "id": rid, "node_id": f"R_{rid:08d}", "name": name, "full_name": full, "private": False,
        "owner": owner, "html_url": f"{WEB}/{full}", "description": f"Sample repository {name}" if rid % 3 else None,
        "fork": rid % 7 == 0, "url": base,
        "forks_url": f"{base}/forks", "keys_url": f"{base}/keys{{/key_id}}",
        "collaborators_url": f"{base}/collaborators{{/collaborator}}", "teams_url": f"{base}/teams",
        "hooks_url": f"{base}/hooks", "issue_events_url": f"{base}/issues/events{{/number}}",
        "events_url": f"{base}/events", "assignees_url": f"{base}/assignees{{/user}}",
        "branches_url": f"{base}/branches{{/branch}}", "tags_url": f"{base}/tags",
        "blobs_url": f"{base}/git/blobs{{/sha}}", "git_tags_url": f"{base}/git/tags{{/sha}}",
        "git_refs_url": f"{base}/git/refs{{/sha}}", "trees_url": f"{base}/git/trees{{/sha}}",
        "statuses_url": f"{base}/statuses/{{sha}}", "languages_url": f"{base}/languages",
        "stargazers_url": f"{base}/stargazers", "contributors_url": f"{base}/contributors",
        "subscribers_url": f"{base}/subscribers", "subscription_url": f"{base}/subscription",
        "commits_url": f"{base}/commits{{/sha}}", "git_commits_url": f"{base}/git/commits{{/sha}}",
        "comments_url": f"{base}/comments{{/number}}", "issue_comment_url": f"{base}/issues/comments{{/number}}",
        "contents_url": f"{base}/contents/{{+path}}", "compare_url": f"{base}/compare/{{base}}...{{head}}",
        "merges_url": f"{base}/merges", "archive_url": f"{base}/{{archive_format}}{{/ref}}",
        "downloads_url": f"{base}/downloads", "issues_url": f"{base}/issues{{/number}}",
        "pulls_url": f"{base}/pulls{{/number}}", "milestones_url": f"{base}/milestones{{/number}}",
        "notifications_url": f"{base}/notifications{{?since,all,participating}}",
        "labels_url": f"{base}/labels{{/name}}", "releases_url": f"{base}/releases{{/id}}",
        "deployments_url": f"{base}/deployments",
        "created_at": "2019-06-%02dT12:00:00Z" % (1 + rid % 28),
        "updated_at": "2024-10-%02dT09:30:15Z" % (1 + rid % 28),
        "pushed_at": ("2024-11-%02dT17:45:00Z" % (1 + rid % 28)) if pushed else None,
        "git_url": f"git://code.example.dev/{full}.git", "ssh_url": f"git@code.example.dev:{full}.git",
        "clone_url": f"{WEB}/{full}.git", "svn_url": f"{WEB}/{full}", "homepage": homepage,
        "size": 1000 + rid % 997, "stargazers_count": stars, "watchers_count": stars,
        "language": ["Swift", "Go", None, "Rust"][rid % 4], "has_issues": True, "has_projects": rid % 2 == 0,
        "has_downloads": True, "has_wiki": rid % 5 != 0, "has_pages": False, "has_discussions": rid % 6 == 0,
        "forks_count": stars // 10, "mirror_url": None, "archived": False, "disabled": False,
        "open_issues_count": rid % 40,
        "license": {"key": "mit", "name": "MIT License", "spdx_id": "MIT", "url": f"{API}/licenses/mit",
                    "node_id": "L_mit"} if license else None,
        "allow_forking": True, "is_template": False, "web_commit_signoff_required": False,
        "topics": topics if topics is not None else [], "visibility": "public",
        "forks": stars // 10, "open_issues": rid % 40, "watchers": stars, "default_branch": "main",
        "temp_clone_token": None, "score": 1.0,
    }
    return r


def main():
    octo = user("octo-sample", 583231)
    r = repo(1296269, octo, "hello-wire", 1500, homepage="https://hello.example.dev",
             topics=["json", "swift", "testing"])
    r.update({"permissions": {"admin": False, "maintain": False, "push": False, "triage": False, "pull": True},
              "security_and_analysis": None, "network_count": 150, "subscribers_count": 42,
              "organization": None, "parent": None, "source": None, "code_of_conduct": None,
              "custom_properties": {}})
    r.pop("score")
    write("repository.json", r)

    items = []
    for i in range(120):
        owner = user(f"dev{i:03d}", 10_000 + i)
        items.append(repo(2_000_000 + i, owner, f"tool-{i:03d}", 5000 - i * 37,
                          license=i % 4 != 0, homepage=None if i % 3 else f"https://tool{i}.example.dev",
                          topics=["cli"] if i % 2 else None, pushed=i % 11 != 0))
    write("search-repositories.json", {"total_count": 4812, "incomplete_results": False, "items": items})

    labels = [
        {"id": 208045946, "node_id": "LA_1", "url": f"{API}/repos/octo-sample/hello-wire/labels/bug",
         "name": "bug", "color": "f29513", "default": True, "description": "Something isn't working"},
        {"id": 208045947, "node_id": "LA_2", "url": f"{API}/repos/octo-sample/hello-wire/labels/docs",
         "name": "docs", "color": "0075ca", "default": False, "description": None},
    ]
    issues = []
    for i in range(110):
        number = 1347 + i
        author = user(f"reporter{i % 9}", 20_000 + i % 9)
        helpers = [user(f"helper{j}", 30_000 + j) for j in range(i % 3)]
        issue = {
            "id": 1_000_000 + i, "node_id": f"I_{i:08d}",
            "url": f"{API}/repos/octo-sample/hello-wire/issues/{number}",
            "repository_url": f"{API}/repos/octo-sample/hello-wire",
            "labels_url": f"{API}/repos/octo-sample/hello-wire/issues/{number}/labels{{/name}}",
            "comments_url": f"{API}/repos/octo-sample/hello-wire/issues/{number}/comments",
            "events_url": f"{API}/repos/octo-sample/hello-wire/issues/{number}/events",
            "html_url": f"{WEB}/octo-sample/hello-wire/issues/{number}",
            "number": number, "title": f"Issue {number}", "user": author,
            "labels": labels[: i % 3], "state": "closed" if i % 4 == 0 else "open",
            "locked": False,
            # The union: one assignee as an object, several as an array.
            "assignees": helpers[0] if len(helpers) == 1 else helpers,
            "milestone": None, "comments": i % 13,
            "created_at": "2024-0%d-%02dT08:%02d:00Z" % (1 + i % 9, 1 + i % 28, i % 60),
            "updated_at": "2024-10-%02dT10:00:00Z" % (1 + i % 28),
            "closed_at": ("2024-11-%02dT11:11:11Z" % (1 + i % 28)) if i % 4 == 0 else None,
            "author_association": "CONTRIBUTOR", "active_lock_reason": None,
            "body": f"Steps to reproduce {number}." if i % 5 else None,
            "closed_by": None, "reactions": {"url": f"{API}/reactions/{number}", "total_count": 0, "+1": 0,
                                             "-1": 0, "laugh": 0, "hooray": 0, "confused": 0, "heart": 0,
                                             "rocket": 0, "eyes": 0},
            "timeline_url": f"{API}/repos/octo-sample/hello-wire/issues/{number}/timeline",
            "performed_via_github_app": None, "state_reason": None,
        }
        if i % 6 == 0:
            issue["pull_request"] = {"url": f"{API}/repos/octo-sample/hello-wire/pulls/{number}",
                                     "html_url": f"{WEB}/octo-sample/hello-wire/pull/{number}",
                                     "diff_url": f"{WEB}/octo-sample/hello-wire/pull/{number}.diff",
                                     "patch_url": f"{WEB}/octo-sample/hello-wire/pull/{number}.patch",
                                     "merged_at": None}
        issues.append(issue)
    write("issues.json", issues)

    small = {"login": "octo-sample", "id": 583231, "node_id": "U_00583231",
             "avatar_url": "https://avatars.example.dev/u/583231?v=4", "gravatar_id": "",
             "html_url": f"{WEB}/octo-sample", "type": "User", "site_admin": False,
             "name": None, "email": None, "bio": None, "created_at": "2015-03-02T10:11:12Z"}
    write("user.json", small)
    write("user-full.json", user("octo-sample", 583231, name="Octo Sample", full=True))


def write(name, value):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(value, f, indent=2, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
