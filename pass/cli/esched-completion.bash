# Bash completion for esched and esched-cc, installed as
# share/bash-completion/completions/{esched,esched-cc}. Commands and options
# come from the programs' own --help, so they never go stale.

_esched_options() { # the --options a help text lists
  "$@" 2>/dev/null | grep -oE -- '(^|[[:space:]])--[a-z][a-z-]*' | tr -d ' \t' | sort -u
}

_esched() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=${COMP_WORDS[1]}
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "$(esched --help 2>/dev/null | awk '/^  [a-z]/ {print $1}') --help --version" -- "$cur"))
    return
  fi
  case $prev in
    --platform)
      COMPREPLY=($(compgen -W "$(esched platform 2>/dev/null | awk '{print $1}')" -- "$cur"))
      COMPREPLY+=($(compgen -f -X '!*.yaml' -- "$cur"))
      return ;;
    --algo)
      COMPREPLY=($(compgen -W "tree-dp mincut ilp brute greedy heft ceft cpop dps hnpd easef energy-deadline crown-fast crown-bin crown-sa crown-ilp crown-integrated single:cpu single:gpu" -- "$cur"))
      return ;;
    --variant)
      COMPREPLY=($(compgen -W "energy time cpu-only gpu-only greedy" -- "$cur"))
      return ;;
    --objective)
      COMPREPLY=($(compgen -W "energy time" -- "$cur"))
      return ;;
    --target)
      COMPREPLY=($(compgen -W "native starpu" -- "$cur"))
      return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_esched_options esched "$cmd" --help)" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}

_esched_cc() { # esched's options first, then the compiler's (files, as cc's)
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  case $prev in
    --variant)
      COMPREPLY=($(compgen -W "energy time cpu-only gpu-only greedy" -- "$cur"))
      return ;;
    --platform | --profile | --profile-use)
      COMPREPLY=($(compgen -f -- "$cur"))
      return ;;
    --target)
      COMPREPLY=($(compgen -W "native starpu" -- "$cur"))
      return ;;
  esac
  if [[ $cur == --* ]]; then
    COMPREPLY=($(compgen -W "$(_esched_options esched-cc --esched-help)" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}

complete -o filenames -F _esched esched
complete -o filenames -F _esched_cc esched-cc
